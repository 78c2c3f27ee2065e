import { adminOnly } from './policy';

/** Lesson videos and their captions: administrators only. */
export const lessonPolicies = {
  'lesson-video.upload': adminOnly('Only administrators can upload videos.'),
  'lesson-captions.upload': adminOnly('Only administrators can upload captions.'),
};
