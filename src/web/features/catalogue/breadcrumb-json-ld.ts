/** schema.org BreadcrumbList; `items` from the home page down, paths of this site. */
export function breadcrumbJsonLd(items: { name: string; path: string }[], publicUrl: string) {
  return {
    '@context': 'https://schema.org',
    '@type': 'BreadcrumbList',
    itemListElement: items.map((item, i) => ({
      '@type': 'ListItem',
      position: i + 1,
      name: item.name,
      item: `${publicUrl}${item.path}`,
    })),
  };
}
