import { expect } from 'chai';
import { probeAudio, readFrameHeader, type AudioProbe } from '../../../server/modules/media/audio-probe.js';
import { MP3_FRAME_BYTES, MP3_FRAME_SECONDS, mp3File, mp3WithVbri, mp3WithXing, pngFile, wavFile } from '../../support/audio-files.js';

/** The probe of a file that must be timed (a refusal fails the test here). */
function timed(bytes: Buffer): AudioProbe {
  const probe = probeAudio(bytes);
  if (probe === null || typeof probe === 'string') throw new Error(`not timed: ${probe}`);
  return probe;
}

describe('Audio probe: type from the bytes, duration from the headers', () => {
  it('times a PCM WAV from its byte rate and data chunk', () => {
    expect(probeAudio(wavFile(12.5))).to.deep.equal({ type: 'wav', seconds: 12.5 });
    const stereo = timed(wavFile(3, 44_100, 2, 16));
    expect(stereo.type).to.equal('wav');
    expect(stereo.seconds).to.be.closeTo(3, 1e-9);
  });

  it('skips chunks before data and counts the bytes present when a streaming writer left the size open', () => {
    const plain = wavFile(2);
    const list = Buffer.alloc(8 + 5 + 1);
    list.write('LIST', 0, 'latin1');
    list.writeUInt32LE(5, 4);
    const withList = Buffer.concat([plain.subarray(0, 36), list, plain.subarray(36)]);
    withList.writeUInt32LE(0xffffffff, 36 + list.length + 4);
    expect(timed(withList).seconds).to.be.closeTo(2, 1e-9);
  });

  it('reads an MPEG-1 Layer III header: 417-byte frames of 1152 samples at 44.1 kHz', () => {
    const frame = readFrameHeader(mp3File(1), 0)!;
    expect(frame).to.include({ length: MP3_FRAME_BYTES, samples: 1152, sampleRate: 44_100, version: 1 });
  });

  it('sums frame durations of a constant-bitrate MP3, after an ID3v2 tag', () => {
    const frames = 383;
    const probe = timed(mp3File(frames, { id3: 300 }));
    expect(probe.type).to.equal('mp3');
    expect(probe.seconds).to.be.closeTo(frames * MP3_FRAME_SECONDS, 1e-9);
    expect(probe.seconds).to.be.closeTo(10.005, 0.001);
  });

  it('takes the frame count of a Xing/Info or VBRI header when it is more than the frames present', () => {
    expect(timed(mp3WithXing(2_000)).seconds).to.be.closeTo(2_000 * MP3_FRAME_SECONDS, 1e-9);
    expect(timed(mp3WithXing(50, 'Info')).seconds).to.be.closeTo(50 * MP3_FRAME_SECONDS, 1e-9);
    expect(timed(mp3WithVbri(1_200)).seconds).to.be.closeTo(1_200 * MP3_FRAME_SECONDS, 1e-9);
  });

  it('times a PCM WAV from its sample rate, channels and sample size, never from a byte-rate field that lies', () => {
    // 60 s of 8 kHz 8-bit mono whose header claims a thousand times the byte rate: a player plays a minute.
    const lying = wavFile(60);
    lying.writeUInt32LE(8_000_000, 28);
    expect(probeAudio(lying)).to.deep.equal({ type: 'wav', seconds: 60 });
    const tooSlow = wavFile(2);
    tooSlow.writeUInt32LE(1, 28);
    expect(probeAudio(tooSlow)).to.deep.equal({ type: 'wav', seconds: 2 });
  });

  it('refuses a compressed WAV (its length would come from a field players ignore) and one with an unplayable rate', () => {
    const adpcm = wavFile(5);
    adpcm.writeUInt16LE(0x0011, 20);
    expect(probeAudio(adpcm)).to.equal('compressedWav');
    const alaw = wavFile(5);
    alaw.writeUInt16LE(0x0006, 20);
    expect(probeAudio(alaw)).to.deep.equal({ type: 'wav', seconds: 5 });
    const noRate = wavFile(5);
    noRate.writeUInt32LE(10, 24);
    expect(probeAudio(noRate)).to.equal(null);
  });

  it('counts every frame a player plays: past junk between frames, and beyond a frame count that claims too few', () => {
    const frames = 1_000;
    const withJunk = Buffer.concat([mp3File(10), Buffer.from('not a frame at all'), mp3File(frames - 10)]);
    expect(timed(withJunk).seconds).to.be.closeTo(frames * MP3_FRAME_SECONDS, 1e-9);
    // A Xing header claiming one frame, followed by a thousand real ones.
    const understated = Buffer.concat([mp3WithXing(1), mp3File(frames)]);
    expect(timed(understated).seconds).to.be.closeTo((frames + 5) * MP3_FRAME_SECONDS, 1e-9);
  });

  it('refuses what is not audio whatever it is called: an image, text, a lone sync word, a WAV without fmt', () => {
    expect(probeAudio(pngFile())).to.equal(null);
    expect(probeAudio(Buffer.from('hello, this is a text file named voice.mp3'))).to.equal(null);
    const lone = Buffer.alloc(2_000, 0x11);
    lone.writeUInt32BE(0xfffb9000, 0);
    expect(probeAudio(lone), 'one frame header followed by garbage').to.equal(null);
    const noFmt = wavFile(1);
    noFmt.write('junk', 12, 'latin1');
    expect(probeAudio(noFmt)).to.equal(null);
    expect(probeAudio(Buffer.alloc(0))).to.equal(null);
  });
});
