/** `GET /api/orders/facets`: the stations and services the tenant's orders name, to filter by. */
export interface OrderFacets {
  stations: string[];
  services: string[];
}
