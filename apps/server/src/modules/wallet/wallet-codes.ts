import { Cell } from '@ton/core';

/*
 * The code cells of the standard TON wallet contracts, as the public constants published with
 * the contracts (the same bytes every wallet app deploys). A ton_proof's state init must carry
 * one of them, so that the public key can be read from a known data layout.
 */

/** Wallet v3r2 (code hash 84dafa449f98a6987789ba232358072bc0f76dc4524002a5d0918b9a75d2d599). */
const V3R2 =
  'te6cckEBAQEAcQAA3v8AIN0gggFMl7ohggEznLqxn3Gw7UTQ0x/THzHXC//jBOCk8mCDCNcYINMf0x/TH/gjE7vyY+1E0NMf0x/T/9FRMrryoVFEuvKiBPkBVBBV+RDyo/gAkyDXSpbTB9QC+wDo0QGkyMsfyx/L/8ntVBC9ba0=';

/** Wallet v4r2 (code hash feb5ff6820e2ff0d9483e7e0d62c817d846789fb4ae580c878866d959dabd5c0). */
const V4R2 =
  'te6ccgECFAEAAtQAART/APSkE/S88sgLAQIBIAIDAgFIBAUE+PKDCNcYINMf0x/THwL4I7vyZO1E0NMf0x/T//QE0VFDuvKhUVG68qIF+QFUEGT5EPKj+AAkpMjLH1JAyx9SMMv/UhD0AMntVPgPAdMHIcAAn2xRkyDXSpbTB9QC+wDoMOAhwAHjACHAAuMAAcADkTDjDQOkyMsfEssfy/8QERITAubQAdDTAyFxsJJfBOAi10nBIJJfBOAC0x8hghBwbHVnvSKCEGRzdHK9sJJfBeAD+kAwIPpEAcjKB8v/ydDtRNCBAUDXIfQEMFyBAQj0Cm+hMbOSXwfgBdM/yCWCEHBsdWe6kjgw4w0DghBkc3RyupJfBuMNBgcCASAICQB4AfoA9AQw+CdvIjBQCqEhvvLgUIIQcGx1Z4MesXCAGFAEywUmzxZY+gIZ9ADLaRfLH1Jgyz8gyYBA+wAGAIpQBIEBCPRZMO1E0IEBQNcgyAHPFvQAye1UAXKwjiOCEGRzdHKDHrFwgBhQBcsFUAPPFiP6AhPLassfyz/JgED7AJJfA+ICASAKCwBZvSQrb2omhAgKBrkPoCGEcNQICEekk30pkQzmkD6f+YN4EoAbeBAUiYcVnzGEAgFYDA0AEbjJftRNDXCx+AA9sp37UTQgQFA1yH0BDACyMoHy//J0AGBAQj0Cm+hMYAIBIA4PABmtznaiaEAga5Drhf/AABmvHfaiaEAQa5DrhY/AAG7SB/oA1NQi+QAFyMoHFcv/ydB3dIAYyMsFywIizxZQBfoCFMtrEszMyXP7AMhAFIEBCPRR8qcCAHCBAQjXGPoA0z/IVCBHgQEI9FHyp4IQbm90ZXB0gBjIywXLAlAGzxZQBPoCFMtqEssfyz/Jc/sAAgBsgQEI1xj6ANM/MFIkgQEI9Fnyp4IQZHN0cnB0gBjIywXLAlAFzxZQA/oCE8tqyx8Syz/Jc/sAAAr0AMntVA==';

/** Wallet W5, v5r1 (code hash 20834b7b72b112147e1b2fb457b84e74d1a30f04f737d4f62a668e9552d2b72f). */
const W5 =
  'b5ee9c7241021401000281000114ff00f4a413f4bcf2c80b01020120020d020148030402dcd020d749c120915b8f6320d70b1f2082106578746ebd21821073696e74bdb0925f03e082106578746eba8eb48020d72101d074d721fa4030fa44f828fa443058bd915be0ed44d0810141d721f4058307f40e6fa1319130e18040d721707fdb3ce03120d749810280b99130e070e2100f020120050c020120060902016e07080019adce76a2684020eb90eb85ffc00019af1df6a2684010eb90eb858fc00201480a0b0017b325fb51341c75c875c2c7e00011b262fb513435c280200019be5f0f6a2684080a0eb90fa02c0102f20e011e20d70b1f82107369676ebaf2e08a7f0f01e68ef0eda2edfb218308d722028308d723208020d721d31fd31fd31fed44d0d200d31f20d31fd3ffd70a000af90140ccf9109a28945f0adb31e1f2c087df02b35007b0f2d0845125baf2e0855036baf2e086f823bbf2d0882292f800de01a47fc8ca00cb1f01cf16c9ed542092f80fde70db3cd81003f6eda2edfb02f404216e926c218e4c0221d73930709421c700b38e2d01d72820761e436c20d749c008f2e09320d74ac002f2e09320d71d06c712c2005230b0f2d089d74cd7393001a4e86c128407bbf2e093d74ac000f2e093ed55e2d20001c000915be0ebd72c08142091709601d72c081c12e25210b1e30f20d74a111213009601fa4001fa44f828fa443058baf2e091ed44d0810141d718f405049d7fc8ca0040048307f453f2e08b8e14038307f45bf2e08c22d70a00216e01b3b0f2d090e2c85003cf1612f400c9ed54007230d72c08248e2d21f2e092d200ed44d0d2005113baf2d08f54503091319c01810140d721d70a00f2e08ee2c8ca0058cf16c9ed5493f2c08de20010935bdb31e1d74cd0b4d6c35e';

const cell = (boc: Buffer) => {
  const [root] = Cell.fromBoc(boc);
  if (!root) throw new Error('empty wallet code');
  return root;
};

export type WalletKind = 'v3r2' | 'v4r2' | 'w5';

/** Each known wallet's code cell, and how many data bits precede the public key in its storage. */
export const WALLET_CODES: Record<WalletKind, { code: Cell; keyOffsetBits: number }> = {
  // seqno:uint32 subwallet:uint32 public_key:bits256
  v3r2: { code: cell(Buffer.from(V3R2, 'base64')), keyOffsetBits: 64 },
  // seqno:uint32 subwallet:uint32 public_key:bits256 plugins:(HashmapE 256 int8)
  v4r2: { code: cell(Buffer.from(V4R2, 'base64')), keyOffsetBits: 64 },
  // is_signature_allowed:bool seqno:uint32 wallet_id:int32 public_key:bits256 extensions:dict
  w5: { code: cell(Buffer.from(W5, 'hex')), keyOffsetBits: 65 },
};

/** Which standard wallet a code cell is, by its hash; undefined for any other contract. */
export function walletKindOf(code: Cell): WalletKind | undefined {
  return (Object.keys(WALLET_CODES) as WalletKind[]).find((kind) => WALLET_CODES[kind].code.equals(code));
}

/** Each standard wallet's version as explorers (and the fairness signals) name it. */
export const WALLET_VERSIONS: Record<WalletKind, string> = { v3r2: 'v3r2', v4r2: 'v4r2', w5: 'v5r1' };

/** The version of the standard wallet whose code has this hash (hex or base64), else null. */
export function walletVersionOfCodeHash(hash: string): string | null {
  const hex = /^[0-9a-f]{64}$/i.test(hash) ? hash.toLowerCase() : Buffer.from(hash, 'base64').toString('hex');
  const kind = (Object.keys(WALLET_CODES) as WalletKind[]).find(
    (k) => WALLET_CODES[k].code.hash().toString('hex') === hex,
  );
  return kind ? WALLET_VERSIONS[kind] : null;
}
