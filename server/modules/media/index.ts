export { mediaModule } from './media.module.js';
export { MediaService, publicMedia, type VoiceFile } from './media.service.js';
export { probeAudio, type AudioProbe, type AudioType } from './audio-probe.js';
