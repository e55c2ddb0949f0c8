export const PRODUCT_NAME = 'Order Cockpit';

/** The document title: production builds append the release, e.g. `Order Cockpit · 2026.11.0`. */
export function pageTitle(release: string, productionBuild: boolean): string {
  return productionBuild && release ? `${PRODUCT_NAME} · ${release}` : PRODUCT_NAME;
}
