/**
 * A setting that cannot be used as given, wherever it is read (the server, the site build, the
 * post-build step, the access command): its message names the setting and what it expects, so
 * whoever set it can fix it from that one line.
 */
export class SettingError extends Error {
  override name = 'SettingError';
}
