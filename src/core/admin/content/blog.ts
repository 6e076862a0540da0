import { and, desc, eq, ilike, type SQL } from 'drizzle-orm';
import type {
  AdminBlogQuery,
  AdminBlogRow,
  AdminContentPage,
  BlogFormInput,
  BlogFormValues,
} from '../../../contracts/admin-content';
import type { BlogType } from '../../../contracts/blog';
import { bucharestDay, bucharestDayStart } from '../../../contracts/dates';
import { AppError } from '../../../contracts/errors';
import { renderPostMarkdown } from '../../../contracts/rich-text';
import type { Db } from '../../../db/client';
import { type BlogPostRow, blogPosts } from '../../../db/schema';
import { withTransaction } from '../../../db/transaction';
import { recordAudit } from '../../audit/audit';
import type { CacheRegistry } from '../../cache/registry';
import { likePattern, pageOf } from './shared';

const notFound = () => new AppError('NOT_FOUND', { messageKey: 'apiError.notFound.post' });

/** The stored post of a form: the body rendered and sanitised once, here, as the shop shows it. */
function columnsOf(input: BlogFormInput) {
  return {
    title: input.title,
    author: input.author,
    category: input.category,
    tags: input.tags,
    blog: input.blog,
    // A day on the form; the post's instant is that day's Bucharest midnight.
    publishedAt: bucharestDayStart(input.date),
    smDesc: input.smDesc,
    bodyMarkdown: input.body,
    desc: renderPostMarkdown(input.body),
    img: input.img,
    listImg: input.listImg,
    video: input.video,
    videoId: input.video ? input.videoId : null,
    blockquote: input.blockquote,
    slider: input.slider,
    sliderImages: input.slider ? input.sliderImages : [],
  };
}

/** What the audit trail keeps of a post: its fields and the Markdown, not the HTML made of it. */
function snapshot(row: BlogPostRow) {
  const { desc: _html, updatedAt: _updated, ...fields } = row;
  return fields;
}

/** The back office's blog posts (issue 13 item 4): drafts, publishing, the Markdown body and its preview. */
export function createAdminBlog(db: Db, caches: CacheRegistry, now: () => Date) {
  async function write(
    staffId: number,
    id: number,
    action: string,
    change: (before: BlogPostRow) => Partial<typeof blogPosts.$inferInsert>,
  ): Promise<void> {
    await withTransaction(db, async (tx) => {
      const [before] = await tx.select().from(blogPosts).where(eq(blogPosts.id, id)).for('update');
      if (!before) throw notFound();
      const [after] = await tx
        .update(blogPosts)
        .set({ ...change(before), updatedAt: now() })
        .where(eq(blogPosts.id, id))
        .returning();
      await recordAudit(tx, {
        staffId,
        action,
        entity: 'blog_post',
        entityId: id,
        before: snapshot(before),
        after: snapshot(after),
      });
    });
    caches.invalidate('content:blog');
  }

  return {
    /** The HTML the shop would show for this Markdown: the preview, with the renderer the save uses. */
    preview(markdown: string): string {
      return renderPostMarkdown(markdown);
    },

    /** Newest first, drafts too, filtered by state and a text in the title. */
    async list(query: AdminBlogQuery): Promise<AdminContentPage<AdminBlogRow>> {
      const conditions: SQL[] = [];
      if (query.state) conditions.push(eq(blogPosts.published, query.state === 'published'));
      if (query.q) conditions.push(ilike(blogPosts.title, likePattern(query.q)));
      const where = conditions.length ? and(...conditions) : undefined;
      return pageOf(db, blogPosts, where, query.page, async (limit, offset) => {
        const rows = await db
          .select({
            id: blogPosts.id,
            title: blogPosts.title,
            author: blogPosts.author,
            category: blogPosts.category,
            blog: blogPosts.blog,
            publishedAt: blogPosts.publishedAt,
            published: blogPosts.published,
          })
          .from(blogPosts)
          .where(where)
          .orderBy(desc(blogPosts.publishedAt), desc(blogPosts.id))
          .limit(limit)
          .offset(offset);
        return rows.map(({ publishedAt, blog, ...r }) => ({
          ...r,
          blog: blog as BlogType,
          date: bucharestDay(publishedAt),
        }));
      });
    },

    /** The post as its form shows it (the Markdown, or the stored HTML for posts written before). */
    async formValues(id: number): Promise<BlogFormValues & { published: boolean; html: string }> {
      const [p] = await db.select().from(blogPosts).where(eq(blogPosts.id, id));
      if (!p) throw notFound();
      return {
        title: p.title,
        author: p.author,
        category: p.category,
        tags: p.tags.join(', '),
        blog: p.blog as BlogType,
        date: bucharestDay(p.publishedAt),
        smDesc: p.smDesc,
        body: p.bodyMarkdown ?? p.desc,
        img: p.img,
        listImg: p.listImg,
        video: p.video,
        videoId: p.videoId ?? '',
        blockquote: p.blockquote,
        slider: p.slider,
        sliderImages: p.sliderImages.join('\n'),
        published: p.published,
        html: p.desc,
      };
    },

    /** A new post: a draft, or published at once (`publish`); one transaction with its audit row. */
    async create(staffId: number, input: BlogFormInput, publish: boolean): Promise<number> {
      const id = await withTransaction(db, async (tx) => {
        const [row] = await tx
          .insert(blogPosts)
          .values({ ...columnsOf(input), published: publish })
          .returning();
        await recordAudit(tx, {
          staffId,
          action: publish ? 'blog.create-published' : 'blog.create',
          entity: 'blog_post',
          entityId: row.id,
          before: null,
          after: snapshot(row),
        });
        return row.id;
      });
      caches.invalidate('content:blog');
      return id;
    },

    /** Saves every field; `publish` also publishes it (a published post saved stays published). */
    async update(staffId: number, id: number, input: BlogFormInput, publish: boolean): Promise<void> {
      await write(staffId, id, publish ? 'blog.publish' : 'blog.update', (before) => ({
        ...columnsOf(input),
        published: publish || before.published,
      }));
    },

    /** Takes a post off the shop (it stays here as a draft). */
    async unpublish(staffId: number, id: number): Promise<void> {
      await write(staffId, id, 'blog.unpublish', () => ({ published: false }));
    },
  };
}
