import { sql } from 'drizzle-orm';
import { boolean, check, index, integer, pgTable, serial, text, timestamp } from 'drizzle-orm/pg-core';

/** SPEC §3 blog post. `desc` is safe HTML: it is sanitised before it is stored (contracts/rich-text.ts). */
export const blogPosts = pgTable(
  'blog_posts',
  {
    id: serial('id').primaryKey(),
    img: text('img').notNull(),
    listImg: text('list_img').notNull(),
    publishedAt: timestamp('published_at', { withTimezone: true }).notNull(),
    author: text('author').notNull(),
    title: text('title').notNull(),
    tags: text('tags').array().notNull().default(sql`'{}'::text[]`),
    category: text('category').notNull(),
    comments: integer('comments').notNull().default(0),
    smDesc: text('sm_desc').notNull(),
    desc: text('desc').notNull(),
    /** SPEC §3 blog type: electronics, fashion, blog-postbox or blog-grid. */
    blog: text('blog').notNull(),
    video: boolean('video').notNull().default(false),
    videoId: text('video_id'),
    blockquote: boolean('blockquote').notNull().default(false),
    slider: boolean('slider').notNull().default(false),
    sliderImages: text('slider_images').array().notNull().default(sql`'{}'::text[]`),
    /** False for a draft or an unpublished post: the shop shows only published ones (issue 13 item 4). */
    published: boolean('published').notNull().default(true),
    /**
     * The Markdown the back office edits; `desc` is its rendering, sanitised. Null for posts written as HTML
     * (the demo posts): the editor then starts from that HTML, which Markdown keeps as it is.
     */
    bodyMarkdown: text('body_markdown'),
    isDemo: boolean('is_demo').notNull().default(false),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('blog_posts_published_idx').on(t.publishedAt),
    index('blog_posts_type_idx').on(t.blog),
    index('blog_posts_tags_idx').using('gin', t.tags),
    check('blog_posts_type_check', sql`${t.blog} in ('electronics', 'fashion', 'blog-postbox', 'blog-grid')`),
  ],
);

export type BlogPostRow = typeof blogPosts.$inferSelect;
