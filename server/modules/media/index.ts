export { mediaModule } from './media.module.js';
export { MediaService, type VoiceFile } from './media.service.js';
