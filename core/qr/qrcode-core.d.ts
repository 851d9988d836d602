/**
 * The qrcode package's encoder alone (no renderers). Its main entry pulls in the PNG and file
 * renderers, which need Node's fs, stream and zlib and break the worker's server build
 * (serverPlatform "neutral" does not apply the package's browser map); the core needs nothing.
 */
declare module "qrcode/lib/core/qrcode.js" {
  export { create } from "qrcode";
}
