// The experiments drawn as scenes (their `Spec::timeline`), for the scene
// tests and the bench: each opens on its page (`PAGE_OF_CODE`). Lesson 000's
// timeline keeps its own clock and its own tests.
import { PAGE_OF_CODE } from '../../static/lab-registry.js';

export const SCENE_CODES = [
  'storm',
  'backpressure',
  'timeouts',
  'ttl',
  'desired',
  'visibility',
  'workers',
  'waits',
  'cursor',
  'dlq',
  'age',
  'groups',
  'lag',
  'capacity',
  'retention',
];

/** [page directory, experiment code] of every scene. */
export const SCENES = SCENE_CODES.map((code) => [PAGE_OF_CODE.get(code), code]);
