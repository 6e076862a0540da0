import type { I18nHandle } from '../i18n/areas';
import { BlogListPage, loadBlogList } from '../features/blog/blog-list-page';
import { translator } from '../i18n/i18n';
import type { Route } from './+types/blog-details-missing';

export const handle: I18nHandle = { i18n: ['content'] };

/** /pages/blog-details without an id: SPEC §2 says this is only logged; the visitor gets the blog list. */
export function loader({ url, context }: Route.LoaderArgs) {
  context.log.warn({ path: '/pages/blog-details' }, 'blog details requested without an id');
  return loadBlogList({ url, context });
}

export const meta: Route.MetaFunction = ({ data }) => {
  const t = translator(data?.lang ?? 'ro');
  return [
    { title: `${t('blog.ours')} | ${t('shop.name')}` },
    { tagName: 'link', rel: 'canonical', href: data?.url ?? '' },
  ];
};

export default function BlogDetailsMissing({ loaderData }: Route.ComponentProps) {
  return <BlogListPage {...loaderData} />;
}
