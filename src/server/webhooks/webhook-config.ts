/**
 * The one setting webhooks take from the configuration (docs/decisions/0023, 0058):
 * WEBHOOKS_ALLOW_PRIVATE, handed over by configureProcess. Unconfigured, it is off (fails closed).
 */
let allowPrivate = false;

export function configureWebhooks(allow: boolean): void {
  allowPrivate = allow;
}

export function webhooksAllowPrivate(): boolean {
  return allowPrivate;
}
