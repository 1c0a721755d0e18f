import { baseUrl } from './helpers.js';

/** A 4×4 PNG: small enough for every upload limit, a real picture for the browser to draw. */
const PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAQAAAAECAIAAAAmkwkpAAAAEElEQVR4nGO4oGAARwzEcQDeQxIBYg7wqAAAAABJRU5ErkJggg==',
  'base64',
);

/** Uploads a picture as the builder does (POST /uploads, kind `overlay`) and answers its address (/uploads/…). */
export async function uploadPicture(token: string, name: string): Promise<string> {
  const body = new FormData();
  body.set('kind', 'overlay');
  body.set('file', new Blob([PNG], { type: 'image/png' }), name);
  const res = await fetch(`${baseUrl()}/api/admin/uploads`, {
    method: 'POST',
    headers: { authorization: `Bearer ${token}` },
    body,
  });
  if (res.status !== 200) throw new Error(`upload ${name}: ${res.status} ${await res.text()}`);
  return ((await res.json()) as { _data: { url: string } })._data.url;
}

/** Each picture of a campaign uploaded: the six picture columns of a payload. */
export async function sixPictures(token: string) {
  const [image, image_desktop, image_background, image_overlay_mobile, image_overlay_desktop, thank_you_image] =
    await Promise.all(
      ['mobile', 'desktop', 'background', 'overlay-mobile', 'overlay-desktop', 'thank-you'].map((n) =>
        uploadPicture(token, `${n}.png`),
      ),
    );
  return { image, image_desktop, image_background, image_overlay_mobile, image_overlay_desktop, thank_you_image };
}
