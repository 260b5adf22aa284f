// pdf-lib's one-file build (UMD) exports what the package entry exports (workers/pdf/pdf-lib.server.ts).
declare module 'pdf-lib/dist/pdf-lib.min.js' {
  const pdfLib: typeof import('pdf-lib');
  export default pdfLib;
}
