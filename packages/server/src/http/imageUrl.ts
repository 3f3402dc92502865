/** The stable URL a stored image is served from (the images feature serves GET /api/images/:id). */
export function imageUrl(imageId: string | null | undefined): string {
  return imageId ? `/api/images/${imageId}` : '';
}
