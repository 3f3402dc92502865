/**
 * The JSON an endpoint would have sent for an answer, made once for the cache: the same steps as
 * a handler's return value takes (absolute picture URLs with PUBLIC_URL, then the endpoint's
 * response schema, which lets nothing it does not name leave the server).
 */
import { ENDPOINTS, type EndpointName, type ResponseInputOf } from '@rental/contract';
import { z } from 'zod';
import { absolutizeImageUrls } from '../../http/absoluteImageUrls';

export function answerJson<N extends EndpointName>(name: N, answer: ResponseInputOf<N>, publicUrl: string | undefined): string {
  if (publicUrl) absolutizeImageUrls(answer, publicUrl);
  return JSON.stringify(z.encode(ENDPOINTS[name].response as z.ZodType, answer));
}
