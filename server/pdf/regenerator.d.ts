/** Babel's regenerator runtime, made on request: what fontkit's compiled generators expect (server/pdf/typeset.ts). */
declare module "@babel/runtime/helpers/regeneratorRuntime" {
  export default function createRegeneratorRuntime(): unknown;
}
