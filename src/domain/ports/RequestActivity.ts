/** Told by the HttpClient when a request leaves and when its answer (or failure) is in. */
export interface RequestActivity {
  started(): void;
  finished(): void;
}
