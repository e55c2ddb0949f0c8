/** True in a production build (webpack sets NODE_ENV from its mode). */
export const PRODUCTION_BUILD = process.env.NODE_ENV === 'production';
