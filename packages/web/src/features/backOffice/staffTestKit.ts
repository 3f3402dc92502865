/**
 * Test-only helpers of the staff area's tests: a picture file the browser code can upload from
 * jsdom. What the real server holds is read through test/api.ts's typed client (ownerApi).
 */
import { inject } from 'vitest';

// A variable, so the browser code's type check does not look for Node's types.
const NODE_BUFFER = 'node:buffer';

/**
 * Uploads from jsdom: there FormData and File are jsdom's while fetch is Node's, and Node's fetch
 * cannot read a jsdom File's bytes. In a browser all three are one family; these two helpers make
 * them one family in the tests too: Node's FormData (installed for the test file) and Node's File.
 */
export async function useNodeFormData(): Promise<() => void> {
  const jsdomFormData = globalThis.FormData;
  // Node's own FormData class, reached through Node's Response (jsdom has none of its own).
  const nodeFormData = await new Response(new URLSearchParams()).formData();
  globalThis.FormData = nodeFormData.constructor as typeof FormData;
  return () => {
    globalThis.FormData = jsdomFormData;
  };
}

export async function pictureFile(name = 'car.png'): Promise<File> {
  const { File: NodeFile } = (await import(/* @vite-ignore */ NODE_BUFFER)) as { File: typeof File };
  const bytes = Uint8Array.from(atob(inject('carImageBase64')), (c) => c.charCodeAt(0));
  return new NodeFile([bytes], name, { type: 'image/png' });
}
