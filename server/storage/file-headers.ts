// How stored files and exam figures are sent so that a browser never runs one as a page.

/** Types a browser could show as a document of its own: they are sent as downloads, never as pages. */
const DOWNLOADED = new Set(['application/pdf', 'audio/mpeg', 'audio/wav', 'audio/webm']);
export const FILE_EXTENSIONS: Record<string, string> = { 'image/jpeg': 'jpg', 'image/png': 'png', 'application/pdf': 'pdf', 'audio/mpeg': 'mp3', 'audio/wav': 'wav', 'audio/webm': 'webm' };

/**
 * Headers of a stored or figure file: PDFs and audio arrive as attachments (a browser saves them
 * rather than opening them as a page), and every such answer carries a sandboxing policy, so even a
 * file opened directly runs no script and reaches nothing.
 */
export function fileSafetyHeaders(mimeType: string, name: string): Record<string, string> {
  const headers: Record<string, string> = { 'content-security-policy': "sandbox; default-src 'none'; img-src 'self'; media-src 'self'; style-src 'unsafe-inline'", 'x-content-type-options': 'nosniff' };
  if (DOWNLOADED.has(mimeType)) headers['content-disposition'] = `attachment; filename="${name.replace(/[^A-Za-z0-9._-]/g, '_')}"`;
  return headers;
}
