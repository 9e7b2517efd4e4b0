import { expect } from 'chai';
import type { ApiClient, ApiResponse } from '../support/api-client.js';
import { sharedServer, type Tree } from '../support/fixtures.js';
import { bad, ok, sendingTree } from '../support/sending.js';
import { pngImage, solidPng } from '../support/document-images.js';
import { wavFile } from '../support/audio-files.js';

/** A JPEG whose start-of-frame says `width`×`height` (the intake reads the header; nothing decodes it), padded to `bytes`. */
function jpegImage(width: number, height: number, bytes = 3_000): Buffer {
  const app0 = Buffer.from([0xff, 0xe0, 0x00, 0x10, 0x4a, 0x46, 0x49, 0x46, 0x00, 0x01, 0x01, 0x00, 0x00, 0x01, 0x00, 0x01, 0x00, 0x00]);
  const sof = Buffer.from([0xff, 0xc0, 0x00, 0x11, 0x08, height >> 8, height & 0xff, width >> 8, width & 0xff, 0x03, 1, 0x22, 0, 2, 0x11, 1, 3, 0x11, 1]);
  const head = Buffer.concat([Buffer.from([0xff, 0xd8]), app0, sof]);
  return Buffer.concat([head, Buffer.alloc(Math.max(0, bytes - head.length), 0)]);
}

/**
 * Image media (issue 29 item 6; the spec: png, jpg or jpeg, at most 1 MB) through the shared upload
 * intake: the type from the bytes (never the name), 413 over 1 MB, 400 for anything else, both
 * languages; listed, served at its public address, deleted; kept apart from voice files.
 */
describe('Media images: upload, refusals, list, address, delete', function () {
  this.timeout(120_000);
  let api: ApiClient;
  let tree: Tree;
  let baseUrl: string;

  const upload = async (token: string, bytes: Buffer, fileName: string, culture = 'en-US'): Promise<ApiResponse> => {
    const url = new URL('/api/Media/UploadImage', baseUrl);
    url.searchParams.set('culture', culture);
    url.searchParams.set('fileName', fileName);
    const res = await fetch(url, { method: 'POST', headers: { authorization: `Bearer ${token}`, 'content-type': 'application/octet-stream' }, body: new Uint8Array(bytes) });
    return { status: res.status, body: JSON.parse(await res.text()), headers: res.headers };
  };
  const fileMessage = (res: ApiResponse) => (res.body.validationErrors as { propertyName: string; message: string }[]).find((v) => v.propertyName === 'file')!.message;

  before(async () => {
    ({ api, tree } = await sendingTree());
    baseUrl = (await sharedServer()).url;
  });

  it('takes a PNG and a JPEG (jpg or jpeg) up to 1 MB, with the pixel size; lists, serves and deletes them; tenancy as every media', async () => {
    const token = tree.subAdmin.token;
    const real = solidPng(4, 3, [200, 30, 30]);
    const png = ok(await upload(token, real, 'banner.png'));
    expect(png).to.include({ fileType: 'png', fileTypes: 'png', width: 4, height: 3, sizeBytes: real.length, fileSizePerKilobyte: 1, title: 'banner.png', organizationId: tree.sub.id });
    // Exactly 1 MB is within the limit; the type comes from the bytes, whatever the name says.
    const jpg = ok(await upload(token, jpegImage(1133, 604, 1024 * 1024), 'carousel.jpeg'));
    expect(jpg).to.include({ fileType: 'jpg', width: 1133, height: 604, sizeBytes: 1024 * 1024, fileSizePerKilobyte: 1024 });
    const misnamed = ok(await upload(token, pngImage(10, 10), 'photo.jpg'));
    expect(misnamed.fileType).to.equal('png');

    const page = ok(await api.get('Media/GetAllImages?pageSize=500', { token }));
    expect(page.items.map((m: any) => m.id)).to.include.members([png.id, jpg.id, misnamed.id]);
    expect(ok(await api.get('Media/GetAllImages?pageSize=1&pageIndex=1', { token })).items).to.have.length(1);
    expect(ok(await api.get(`Media/GetImage/${png.id}`, { token })).url).to.equal(png.url);
    // Images are not voice files: the voice list and the voice lookup never show them.
    expect(ok(await api.get('Media/GetAll?pageSize=500', { token })).items.map((m: any) => m.id)).to.not.include(png.id);
    bad(await api.get(`Media/Get/${png.id}`, { token }), 404);

    const served = await fetch(new URL(png.url, baseUrl));
    expect(served.status).to.equal(200);
    expect(served.headers.get('content-type')).to.match(/^image\/png/);
    expect(Buffer.from(await served.arrayBuffer()).equals(real)).to.equal(true);

    bad(await api.get(`Media/GetImage/${png.id}`, { token: tree.otherAdmin.token }), 404);
    bad(await api.delete(`Media/Delete/${png.id}`, { token: tree.otherAdmin.token }), 404);
    expect(ok(await api.get('Media/GetAllImages?pageSize=500', { token: tree.otherAdmin.token })).items.map((m: any) => m.id)).to.not.include(png.id);
    ok(await api.delete(`Media/Delete/${png.id}`, { token }));
    bad(await api.get(`Media/GetImage/${png.id}`, { token }), 404);
    expect((await fetch(new URL(png.url, baseUrl))).status).to.equal(404);
  });

  it('refuses over 1 MB (413), a file that is not PNG or JPEG whatever its name (400), and an empty body, on `file`, in Persian and English', async () => {
    const token = tree.subAdmin.token;
    const big = await upload(token, pngImage(100, 100, 1024 * 1024 + 1), 'big.png');
    expect(big.status).to.equal(413);
    expect(fileMessage(big)).to.equal('The image can be at most 1 MB.');
    expect(fileMessage(await upload(token, pngImage(100, 100, 1024 * 1024 + 1), 'big.png', 'fa-IR'))).to.equal('حجم تصویر حداکثر ۱ مگابایت است.');

    const wav = await upload(token, wavFile(1), 'song.png');
    bad(wav, 400, 'file');
    expect(fileMessage(wav)).to.equal('The image must be a valid PNG or JPG (JPEG) file; the type is read from its content, not its name.');
    const gif = await upload(token, Buffer.from('GIF89a\x01\x00\x01\x00\x00\x00\x00;', 'latin1'), 'pic.jpg', 'fa-IR');
    bad(gif, 400, 'file');
    expect(fileMessage(gif)).to.match(/^تصویر باید فایل PNG یا JPEG سالم باشد/);
    bad(await upload(token, Buffer.from('just text pretending', 'utf8'), 'x.jpeg'), 400, 'file');
    bad(await upload(token, Buffer.alloc(0), 'empty.png'), 400, 'file');
    expect(ok(await api.get('Media/GetAllImages?pageSize=500', { token })).items.map((m: any) => m.title)).to.not.include.members(['big.png', 'song.png', 'pic.jpg', 'x.jpeg']);
  });
});
