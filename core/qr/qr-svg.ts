import { qrRuns } from "./qr-code.ts";

const escapeXml = (text: string) => text.replace(/[<>&"']/g, (c) => `&#${c.charCodeAt(0)};`);

/**
 * A QR code as a standalone SVG document (the API's `qrCode`): one path of dark runs on a white
 * square, titled for assistive technology, scaling to any size.
 */
export function qrSvg(value: string, title: string): string {
  const { extent, runs } = qrRuns(value);
  const path = runs.map((run) => `M${run.x} ${run.y}h${run.length}v1h-${run.length}z`).join("");
  return (
    `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 ${extent} ${extent}" role="img" aria-label="${escapeXml(title)}" shape-rendering="crispEdges">` +
    `<title>${escapeXml(title)}</title><rect width="${extent}" height="${extent}" fill="#fff"/><path fill="#000" d="${path}"/></svg>`
  );
}
