// The pose model's files (issue 19, docs/decisions.md decision 41), served by this server: Vite copies each
// one from the @mediapipe/pose package into the build under a hashed name (immutable caching), and
// nothing is inlined (vite.config.ts), so the worker fetches every file from this origin and only
// when the member turns pose on. The package's own `locateFile` asks for them by these names.
import poseScript from '@mediapipe/pose/pose.js?url';
import lite from '@mediapipe/pose/pose_landmark_lite.tflite?url';
import full from '@mediapipe/pose/pose_landmark_full.tflite?url';
import heavy from '@mediapipe/pose/pose_landmark_heavy.tflite?url';
import packedAssets from '@mediapipe/pose/pose_solution_packed_assets.data?url';
import packedAssetsLoader from '@mediapipe/pose/pose_solution_packed_assets_loader.js?url';
import simdScript from '@mediapipe/pose/pose_solution_simd_wasm_bin.js?url';
import simdWasm from '@mediapipe/pose/pose_solution_simd_wasm_bin.wasm?url';
import plainScript from '@mediapipe/pose/pose_solution_wasm_bin.js?url';
import plainWasm from '@mediapipe/pose/pose_solution_wasm_bin.wasm?url';
import graph from '@mediapipe/pose/pose_web.binarypb?url';

/** Each file the package asks for, by the name it asks with, and where this server has it. */
export const POSE_FILES: Readonly<Record<string, string>> = {
  'pose.js': poseScript,
  'pose_landmark_lite.tflite': lite,
  'pose_landmark_full.tflite': full,
  'pose_landmark_heavy.tflite': heavy,
  'pose_solution_packed_assets.data': packedAssets,
  'pose_solution_packed_assets_loader.js': packedAssetsLoader,
  'pose_solution_simd_wasm_bin.js': simdScript,
  'pose_solution_simd_wasm_bin.wasm': simdWasm,
  'pose_solution_wasm_bin.js': plainScript,
  'pose_solution_wasm_bin.wasm': plainWasm,
  'pose_web.binarypb': graph,
};

/** The three landmark models: 0 lite (the default), 1 full, 2 heavy, with their download sizes. */
export const POSE_MODELS = [
  { complexity: 0, id: 'lite', label: 'Lite', size: '2.8 MB' },
  { complexity: 1, id: 'full', label: 'Full', size: '6.4 MB' },
  { complexity: 2, id: 'heavy', label: 'Heavy', size: '27.7 MB' },
] as const;
export type PoseModel = (typeof POSE_MODELS)[number]['id'];
