import type { I18nHandle } from '../i18n/areas';
import { BlogListPage, loadBlogList } from '../features/blog/blog-list-page';
import { translator } from '../i18n/i18n';
import type { Route } from './+types/blog';
import { publicPageHeaders } from '../http-cache';

export const handle: I18nHandle = { i18n: ['content'] };

export function loader({ url, context }: Route.LoaderArgs) {
  return loadBlogList({ url, context });
}

export const headers = publicPageHeaders;

export const meta: Route.MetaFunction = ({ data }) => {
  const t = translator(data?.lang ?? 'ro');
  return [
    { title: `${t('blog.ours')} | ${t('shop.name')}` },
    { name: 'description', content: t('blog.description') },
    { tagName: 'link', rel: 'canonical', href: data?.url ?? '' },
  ];
};

export default function Blog({ loaderData }: Route.ComponentProps) {
  return <BlogListPage {...loaderData} />;
}
