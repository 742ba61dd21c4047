// @ts-check
// Next drops a route's own Content-Encoding (send-response.js: a body that fetch decoded would
// otherwise go out mislabelled), so a route cannot send bytes it compressed itself, such as the
// catalogue's gzip made once per catalogue version. Such a route names the coding in
// BODY_CODING_HEADER instead, and this turns it into Content-Encoding as the header is set.
import { BODY_CODING_HEADER } from '../../lib/http/door-constants.mjs';

/**
 * Makes `res` set `Content-Encoding` wherever a route's answer sets {@link BODY_CODING_HEADER}.
 * @param {import('node:http').ServerResponse} res
 */
export function passBodyCoding(res) {
  const setHeader = res.setHeader.bind(res);
  /** @type {typeof res.setHeader} */
  const passing = (name, value) => setHeader(name.toLowerCase() === BODY_CODING_HEADER ? 'content-encoding' : name, value);
  res.setHeader = passing;
}
