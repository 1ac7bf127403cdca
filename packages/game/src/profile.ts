/**
 * A new player's profile: max energy 1000, earnPerTap 1 and loseEnergyPerTap 10 are specified;
 * the rest are design choices.
 */
export const NEW_PLAYER = {
  onion: 0,
  ticket: 3, // design choice: enough for a first spin and a first mole game
  cheatCount: 1, // design choice: one chest to open on day one
  energy: 1000, // design choice: a new player starts full
  maxEnergy: 1000,
  earnPerTap: 1,
  loseEnergyPerTap: 10,
  earnPerHour: 0,
  userLevel: 1,
} as const;
