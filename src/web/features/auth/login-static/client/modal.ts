/**
 * Opens a dialog of the page as a modal, as the app's Mantine modals behave. Each dialog waits in a
 * <template> (page/dialogs.ts) and exists in the document only while open, as the app's do: its field
 * is not a second "Email" of the page while closed. Focus moves in (to [data-initial-focus], else the
 * first control), Escape, the X, any [data-close] button or a click on the dimmed backdrop closes it,
 * and focus goes back where it was. `onClose` runs once it is gone.
 */
export function openModal(template: HTMLTemplateElement, onClose: () => void = () => {}): HTMLDialogElement {
  const dialog = template.content.firstElementChild!.cloneNode(true) as HTMLDialogElement;
  document.body.append(dialog);
  for (const button of dialog.querySelectorAll<HTMLElement>('[data-close]')) button.addEventListener('click', () => dialog.close());
  // A click on the backdrop reaches the dialog element itself, outside its box.
  dialog.addEventListener('click', (event) => {
    if (event.target !== dialog) return;
    const box = dialog.getBoundingClientRect();
    const inside = event.clientX >= box.left && event.clientX <= box.right && event.clientY >= box.top && event.clientY <= box.bottom;
    if (!inside) dialog.close();
  });
  dialog.addEventListener('close', () => {
    dialog.remove();
    onClose();
  });
  dialog.showModal();
  dialog.querySelector<HTMLElement>('[data-initial-focus]')?.focus();
  return dialog;
}
