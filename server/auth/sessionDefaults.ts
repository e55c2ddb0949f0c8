/** Access tokens live 15 minutes: the console renews them at two thirds of their life while it is in use. */
export const DEFAULT_TOKEN_TTL_SECONDS = 15 * 60;
/** The longest a session lasts from its sign-in, however often its token is renewed. */
export const DEFAULT_SESSION_MAX_SECONDS = 12 * 60 * 60;
