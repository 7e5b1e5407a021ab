/**
 * io-ts's ES module (io-ts/es6/index.js, TypeScript's ES5 output) declares each codec class as an IIFE and each
 * ready-made codec as `export var bigint = new BigIntType()`: the bundler cannot tell these are free of side
 * effects, so every codec io-ts defines was kept in the app's chunk, used or not (bigint, Function, never, void,
 * any, object, Int, Integer…). This marks them pure, as a compiler of today would, so the unused ones are left out
 * (decision 49). Nothing else of the file changes; a version of io-ts whose file no longer has the shapes fails the build.
 */
import type { Plugin } from 'vite';

const IO_TS_MODULE = /[\\/]node_modules[\\/]io-ts[\\/]es6[\\/]index\.js$/;
/** `var StringType = /** @class *\/ (function (_super) {` */
const CLASS_IIFE = /\/\*\* @class \*\/ \(function/g;
/** `export var string = new StringType();`, `export var Int = brand(…)`, `var undefinedType = new UndefinedType();` */
const CODEC_INSTANCE = /^((?:export )?var \w+ = )(new \w+\(|brand\(|refinement\()/gm;

export function markIoTsPure(source: string): { code: string; classes: number; instances: number } {
  let classes = 0;
  let instances = 0;
  const code = source
    .replace(CLASS_IIFE, () => ((classes += 1), '/** @class */ /*#__PURE__*/ (function'))
    .replace(CODEC_INSTANCE, (_match, declaration: string, call: string) => ((instances += 1), `${declaration}/*#__PURE__*/ ${call}`));
  return { code, classes, instances };
}

export function pureIoTs(): Plugin {
  return {
    name: 'pure-io-ts',
    apply: 'build',
    transform(code, id) {
      if (!IO_TS_MODULE.test(id)) return null;
      const marked = markIoTsPure(code);
      if (marked.classes < 20 || marked.instances < 10) {
        throw new Error(
          `io-ts's module changed shape (${marked.classes} classes, ${marked.instances} codecs marked): see scripts/build/pure-io-ts.ts`,
        );
      }
      // Only comments are inserted within lines, so a line map is exact enough for the source maps.
      return { code: marked.code, map: null };
    },
  };
}
