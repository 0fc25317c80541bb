/** The time source of the app; tests pass a fake one to step through expiry windows. */
export type Clock = () => Date;
export const systemClock: Clock = () => new Date();
