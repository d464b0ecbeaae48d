declare module 'prismjs/components/prism-core' {
  import * as Prism from 'prismjs';
  export = Prism;
}
