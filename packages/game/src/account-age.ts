/**
 * When a Telegram account was registered, estimated from its id: Telegram hands out user ids in
 * increasing order over time, so a table of ids whose registration dates are known, interpolated
 * linearly, dates any id to within weeks or months. The fairness rules read it as a prior (an
 * account made last week is more often a farm's than one made in 2016), never as proof.
 *
 * Source: the anchor points circulated with the open-source "Telegram account creation date"
 * estimators (the `ages.json` table of wjclub/telegram-bot-getids and the community's extensions
 * of it used by the creation-date bots), rounded to the second. Points that contradict their
 * neighbours (a larger id dated earlier than a smaller one: mis-reported samples) were left out,
 * so the table is strictly increasing in id and non-decreasing in date. The gap between about
 * 2.1e9 and 5.3e9 is real: Telegram moved new registrations to a higher range early in 2022.
 */

/** [Telegram id, epoch ms of its registration], ascending by id and non-decreasing by date. */
export const ACCOUNT_AGE_ANCHORS: readonly (readonly [number, number])[] = [
  [1_000_000, 1_380_326_400_000],
  [2_768_409, 1_383_264_000_000],
  [7_679_610, 1_388_448_000_000],
  [11_538_514, 1_391_212_000_000],
  [15_835_244, 1_392_940_000_000],
  [23_646_077, 1_393_459_000_000],
  [38_015_510, 1_393_632_000_000],
  [44_634_663, 1_399_334_000_000],
  [46_145_305, 1_400_198_000_000],
  [54_845_238, 1_411_257_000_000],
  [63_263_518, 1_414_454_000_000],
  [101_260_938, 1_425_600_000_000],
  [101_323_197, 1_426_204_000_000],
  [111_220_210, 1_429_574_000_000],
  [116_812_045, 1_437_696_000_000],
  [122_600_695, 1_437_782_000_000],
  [124_872_445, 1_439_856_000_000],
  [130_029_930, 1_441_324_000_000],
  [133_909_606, 1_444_176_000_000],
  [143_445_125, 1_448_928_000_000],
  [148_670_295, 1_452_211_000_000],
  [152_079_341, 1_453_420_000_000],
  [171_295_414, 1_457_481_000_000],
  [181_783_990, 1_460_246_000_000],
  [222_021_233, 1_465_344_000_000],
  [225_034_354, 1_466_208_000_000],
  [278_941_742, 1_473_465_000_000],
  [285_253_072, 1_476_835_000_000],
  [294_851_037, 1_479_600_000_000],
  [297_621_225, 1_481_846_000_000],
  [328_594_461, 1_482_969_000_000],
  [337_808_429, 1_487_707_000_000],
  [341_546_272, 1_487_782_000_000],
  [352_940_995, 1_487_894_000_000],
  [369_669_043, 1_490_918_000_000],
  [400_169_472, 1_501_459_000_000],
  [616_816_630, 1_529_625_600_000],
  [681_896_077, 1_532_821_500_000],
  [727_572_658, 1_543_708_800_000],
  [925_078_064, 1_563_290_000_000],
  [1_054_883_348, 1_585_674_420_000],
  [1_145_856_008, 1_586_342_040_000],
  [1_227_964_864, 1_596_127_860_000],
  [1_382_531_194, 1_600_188_120_000],
  [1_658_586_909, 1_613_148_540_000],
  [1_692_464_211, 1_615_402_500_000],
  [1_721_844_091, 1_620_224_820_000],
  [1_807_942_741, 1_625_520_300_000],
  [1_972_424_006, 1_631_669_400_000],
  [2_078_711_279, 1_634_321_820_000],
  [2_104_178_931, 1_638_353_220_000],
  [5_336_336_790, 1_646_368_100_000],
  [5_409_444_610, 1_659_025_020_000],
  [5_537_251_684, 1_664_269_800_000],
  [5_778_063_231, 1_667_477_640_000],
  [5_802_242_180, 1_671_821_040_000],
  [5_853_442_730, 1_674_866_100_000],
  [6_020_888_206, 1_675_534_800_000],
  [6_057_123_350, 1_676_198_350_000],
  [6_279_839_148, 1_688_399_160_000],
  [6_813_121_418, 1_698_489_600_000],
  [6_925_870_357, 1_701_192_327_000],
  [7_000_000_000, 1_711_889_200_000],
  [7_500_000_000, 1_735_776_000_000],
  [8_000_000_000, 1_746_316_800_000],
  [8_500_000_000, 1_754_352_000_000],
];

/** The anchor at `i`: the search below reads only within the table (a constant, not empty). */
function anchorAt(i: number): readonly [number, number] {
  const anchor = ACCOUNT_AGE_ANCHORS[i];
  if (!anchor) throw new Error(`account-age anchor ${i} is outside the table`);
  return anchor;
}

/**
 * Epoch ms the account with this Telegram id was registered around: linear between the two
 * anchors around it, the first anchor's date below the first, and past the last anchor the last
 * two anchors' slope carried on. Non-decreasing in the id.
 */
export function accountRegisteredAt(telegramId: number): number {
  const anchors = ACCOUNT_AGE_ANCHORS;
  const first = anchorAt(0);
  if (!(telegramId > first[0])) return first[1];
  // The last anchor whose id is at most telegramId (binary search).
  let lo = 0;
  let hi = anchors.length - 1;
  while (lo < hi) {
    const mid = (lo + hi + 1) >> 1;
    if (anchorAt(mid)[0] <= telegramId) lo = mid;
    else hi = mid - 1;
  }
  const a = anchorAt(lo);
  if (a[0] === telegramId) return a[1];
  const [from, to] = lo + 1 < anchors.length ? [a, anchorAt(lo + 1)] : [anchorAt(lo - 1), a];
  const slope = (to[1] - from[1]) / (to[0] - from[0]);
  return Math.round(a[1] + (telegramId - a[0]) * slope);
}
