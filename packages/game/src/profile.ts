/**
 * A new player's profile: max energy 1000, earnPerTap 1 and loseEnergyPerTap 10 are specified;
 * the rest are design choices.
 */
export const NEW_PLAYER = {
  coins: 0,
  ticket: 3, // design choice: enough for a first spin and a first mole game
  chests: 1, // design choice: one chest to open on day one
  energy: 1000, // design choice: a new player starts full
  maxEnergy: 1000,
  earnPerTap: 1,
  loseEnergyPerTap: 10,
  earnPerHour: 0,
} as const;

/**
 * The profile's fields that the specification names and nothing in the game changes: the level
 * and the golden and wooden counts (SPEC: "the game also reads golden and wooden counts"). Not
 * stored: every player's are these.
 */
export const FIXED_PROFILE = { userLevel: 1, golden: 0, wooden: 0 } as const;
