/** Hands a file made in the page to the browser as a download. */
export function downloadFile(parts: BlobPart[], name: string, type: string): void {
  const url = URL.createObjectURL(new Blob(parts, { type }));
  const link = document.createElement('a');
  link.href = url;
  link.download = name;
  document.body.append(link);
  link.click();
  link.remove();
  // The browser reads the Blob once the download starts; the URL is let go a while after.
  setTimeout(() => URL.revokeObjectURL(url), 60_000);
}
