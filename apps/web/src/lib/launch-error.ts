/** A launch failure, with its catalogue key: it is shown before the app (and its language) starts. */
export const launchError = (message: string, i18nKey: string) =>
  Object.assign(new Error(message), { i18nKey });
