/** A move to Postgres refused with a message for the host; nothing was changed. */
export class MoveRefused extends Error {}
