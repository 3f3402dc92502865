/** Answers "are you sure?" whether the site asks with the browser's confirm() or its own dialog. */
import type { Locator, Page } from 'playwright-core';

export async function answerConfirmation(page: Page, trigger: Locator, accept: boolean): Promise<string> {
  let nativeMessage: string | undefined;
  const onDialog = async (dialog: import('playwright-core').Dialog) => {
    nativeMessage = dialog.message();
    await (accept ? dialog.accept() : dialog.dismiss());
  };
  page.once('dialog', onDialog);
  try {
    await trigger.click();
    const custom = page.getByRole('alertdialog').or(page.getByRole('dialog'));
    // Generous: on a busy machine the click and the question can take seconds to arrive.
    const deadline = Date.now() + 20_000;
    while (Date.now() < deadline) {
      if (nativeMessage !== undefined) return nativeMessage;
      if (await custom.first().isVisible()) {
        const box = custom.first();
        const message = (await box.textContent()) ?? '';
        const answer = accept ? /^(delete|yes|confirm|ok)/i : /^(cancel|no|keep)/i;
        await box.getByRole('button', { name: answer }).first().click();
        await box.waitFor({ state: 'hidden' });
        return message;
      }
      await page.waitForTimeout(50);
    }
    throw new Error('No confirmation was asked after clicking delete');
  } finally {
    page.off('dialog', onDialog);
  }
}
