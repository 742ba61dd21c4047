/** At most this many points in one usage series. */
export const MAX_POINTS = 1500;
