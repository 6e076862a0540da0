import { z } from 'zod';
import { isPlainLine } from './validation';
import { blankAsMissing, pageNumberSchema, perPageSchema } from './pagination';

/** SPEC §3 blog types; the grid shows only blog-grid posts. */
export const BLOG_TYPES = ['electronics', 'fashion', 'blog-postbox', 'blog-grid'] as const;
export type BlogType = (typeof BLOG_TYPES)[number];

/** SPEC §9 page sizes: the blog grid (and its list mode) shows 6, the "Blogul nostru" page 4. */
export const BLOG_GRID_PAGE_SIZE = 6;
export const BLOG_LIST_PAGE_SIZE = 4;

/** SPEC §3 blog post, with the spec's field names; `date` is an ISO instant, `desc` safe HTML. */
export interface BlogPost {
  id: number;
  img: string;
  date: string;
  author: string;
  title: string;
  tags: string[];
  category: string;
  comments: number;
  sm_desc: string;
  desc: string;
  blog: BlogType;
  list_img: string;
  video: boolean;
  video_id: string | null;
  blockquote: boolean;
  slider: boolean;
  slider_images: string[];
}

export type BlogPostSummary = Omit<BlogPost, 'desc'>;

export interface BlogPostWithNeighbours {
  post: BlogPost;
  previous: { id: number; title: string } | null;
  next: { id: number; title: string } | null;
}

export interface BlogSidebar {
  categories: { name: string; count: number }[];
  recent: { id: number; title: string; date: string; img: string }[];
  tags: string[];
}

const filterText = z.preprocess(
  blankAsMissing,
  z
    .string()
    .trim()
    .max(100, { error: 'validation.text100' })
    .refine(isPlainLine, { error: 'validation.controlCharacters' })
    .optional(),
);

/** Blog list filters, from the query string of the API and of the blog pages. */
export const blogListQuerySchema = z.object({
  page: pageNumberSchema,
  per_page: perPageSchema(BLOG_GRID_PAGE_SIZE),
  type: z.preprocess(blankAsMissing, z.enum(BLOG_TYPES, { error: 'validation.blogType' }).optional()),
  category: filterText,
  tag: filterText,
  search: filterText,
});
export type BlogListQuery = z.infer<typeof blogListQuerySchema>;

export function youtubeUrl(videoId: string): string {
  return `https://www.youtube.com/watch?v=${encodeURIComponent(videoId)}`;
}
