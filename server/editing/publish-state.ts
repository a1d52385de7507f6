/**
 * What a save writes about a row being shown to students: visible as the editor asked, and
 * published only when nothing keeps it offline (the warnings say what does).
 */
export function publishState(isVisible: boolean, warnings: string[]) {
  const isPublished = isVisible && warnings.length === 0;
  return { isPublished, columns: { is_visible: isVisible, is_published: isPublished, publish_warnings: warnings } };
}
