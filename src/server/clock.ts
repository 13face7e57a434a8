/** The service's time: built once per app (tests pass their own), read by rules and the runner. */
export type Clock = () => Date;
