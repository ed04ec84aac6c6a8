/**
 * Puts a link on the clipboard. The Clipboard API exists only in secure contexts (https and
 * localhost), and an intranet server on plain http is common: there the text of the field is
 * selected and copied the old way. Answers whether the copy was made; when it was not, the text is
 * left selected for Ctrl+C.
 */
export async function copyText(text: string, field?: HTMLInputElement | null): Promise<boolean> {
  if (navigator.clipboard?.writeText) {
    try {
      await navigator.clipboard.writeText(text);
      return true;
    } catch {
      // Refused (no permission, page not focused): try the field itself.
    }
  }
  if (!field) return false;
  field.focus();
  field.select();
  try {
    // Deprecated, but the one way left without the Clipboard API.
    return document.execCommand('copy');
  } catch {
    return false;
  }
}
