/** Style sheets are bundled by webpack (extracted to CSS files); importing one only adds it. */
declare module '*.css';
