import { DRIVER_MESSAGES } from '@rental/contract/driverRules';
import { UPLOADS_PER_HOUR } from '@rental/contract/storage';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { registerCustomer, testApi } from '../../test/api';
import { renderApp } from '../../test/renderApp';
import { pictureFile, useNodeFormData } from '../backOffice/staffTestKit';
import { fetchDocument } from './documentFiles';
import { removeDocumentQuestion } from './DocumentsList';

const NODE_BUFFER = 'node:buffer';
async function textFile(): Promise<File> {
  const { File: NodeFile } = (await import(/* @vite-ignore */ NODE_BUFFER)) as { File: typeof File };
  return new NodeFile(['not a picture'], 'notes.txt', { type: 'text/plain' });
}

const kind = (name: string) => within(screen.getByRole('listitem', { name }));

describe('documents on my account', () => {
  let restoreFormData: () => void = () => {};
  beforeAll(async () => {
    restoreFormData = await useNodeFormData();
  });
  afterAll(() => restoreFormData());

  it('sends a photo of the licence, lists it with its date, opens its file with the session, and removes it after asking', async () => {
    const user = userEvent.setup();
    const { token } = await registerCustomer('Document Sender');
    renderApp('/account', { token });
    await screen.findByRole('listitem', { name: 'Driving licence (front)' });
    expect(kind('Driving licence (front)').getByText('Not sent yet.')).toBeInTheDocument();
    const chooser = kind('Driving licence (front)').getByLabelText('Send a photo or PDF of your driving licence (front)');
    expect(chooser).toHaveAttribute('accept', 'image/jpeg,image/png,image/webp,application/pdf');
    await user.upload(chooser, await pictureFile('licence.png'));
    expect(await screen.findByText(DRIVER_MESSAGES.documentUploaded)).toBeInTheDocument();
    expect(await kind('Driving licence (front)').findByText(/^Sent /)).toBeInTheDocument();
    expect(kind('Driving licence (front)').getByText(/^Photo, \d+ KB$/)).toBeInTheDocument();
    expect(kind('Passport').getByText('Not sent yet.')).toBeInTheDocument();

    const [document] = (await testApi(token).call('userDocuments')).documents;
    expect(document).toMatchObject({ kind: 'licence_front', mimeType: 'image/webp' });
    // The file the Open button shows: fetched with the session's key, a picture.
    const file = await fetchDocument(document!._id);
    expect(file.type).toBe('image/webp');
    expect(file.size).toBeGreaterThan(0);
    expect(kind('Driving licence (front)').getByRole('button', { name: /^Open Driving licence \(front\), sent / })).toBeInTheDocument();

    const confirm = vi.spyOn(window, 'confirm').mockReturnValueOnce(false).mockReturnValueOnce(true);
    const remove = kind('Driving licence (front)').getByRole('button', { name: /^Remove Driving licence \(front\)/ });
    await user.click(remove);
    expect(confirm).toHaveBeenLastCalledWith(removeDocumentQuestion('licence_front'));
    expect((await testApi(token).call('userDocuments')).documents).toHaveLength(1);
    await user.click(remove);
    expect(await screen.findByText(DRIVER_MESSAGES.documentRemoved)).toBeInTheDocument();
    expect(await kind('Driving licence (front)').findByText('Not sent yet.')).toBeInTheDocument();
    expect((await testApi(token).call('userDocuments')).documents).toHaveLength(0);
    await expect(fetchDocument(document!._id)).rejects.toThrow(DRIVER_MESSAGES.documentNotFound);
    confirm.mockRestore();
  });

  it('says in words that a file is not a photo or a PDF, beside its kind, and sends nothing', async () => {
    const user = userEvent.setup({ applyAccept: false });
    const { token } = await registerCustomer('Wrong File');
    renderApp('/account', { token });
    await screen.findByRole('listitem', { name: 'Passport' });
    expect(kind('Passport').getByText('Not sent yet.')).toBeInTheDocument();
    await user.upload(kind('Passport').getByLabelText('Send a photo or PDF of your passport'), await textFile());
    expect(kind('Passport').getByRole('alert')).toHaveTextContent(DRIVER_MESSAGES.documentInvalid);
    expect(kind('Passport').getByLabelText('Send a photo or PDF of your passport')).toHaveAccessibleDescription(DRIVER_MESSAGES.documentInvalid);
    await waitFor(async () => expect((await testApi(token).call('userDocuments')).documents).toHaveLength(0));
  });

  it("says how much of the space the documents use, and a refused file in the server's plain words", async () => {
    const user = userEvent.setup();
    const { token } = await registerCustomer('Busy Sender');
    renderApp('/account', { token });
    const meter = await screen.findByRole('meter', { name: '0 MB of your 40 MB used' });
    expect(meter).toHaveAttribute('aria-valuemax', String(40 * 1024 * 1024));
    expect(meter).toHaveAttribute('aria-valuenow', '0');

    await user.upload(kind('Passport').getByLabelText('Send a photo or PDF of your passport'), await pictureFile('passport.png'));
    expect(await screen.findByRole('meter', { name: 'under 0.1 MB of your 40 MB used' })).toBeInTheDocument();

    // Every file tried counts, kept or not: the account has tried all it may this hour.
    for (let i = 1; i < UPLOADS_PER_HOUR.account; i++) {
      const form = await new Response(new URLSearchParams({ kind: 'work_id' })).formData();
      form.append('file', await textFile());
      await expect(testApi(token).call('uploadDocument', { form })).rejects.toThrow(DRIVER_MESSAGES.documentInvalid);
    }
    await user.upload(kind('Work ID').getByLabelText('Send a photo or PDF of your work id'), await pictureFile('work-id.png'));
    expect(await kind('Work ID').findByRole('alert')).toHaveTextContent(/^Too many files were sent in the last hour\. Please try again in (60|59) minutes\.$/);
    expect(kind('Work ID').getByText('Not sent yet.')).toBeInTheDocument();
  });

  it("cannot open another customer's document", async () => {
    const first = await registerCustomer('First Owner Of File');
    const form = await new Response(new URLSearchParams({ kind: 'passport' })).formData();
    form.append('file', await pictureFile('passport.png'));
    const { document } = await testApi(first.token).call('uploadDocument', { form });
    const second = await registerCustomer('Curious Other');
    localStorage.setItem('token', second.token);
    await expect(fetchDocument(document._id)).rejects.toThrow(DRIVER_MESSAGES.documentNotFound);
    localStorage.setItem('token', first.token);
    await expect(fetchDocument(document._id)).resolves.toMatchObject({ type: 'image/webp' });
  });
});
