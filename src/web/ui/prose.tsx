/** Long texts (static pages, blog posts): headings, lists, tables, quotes and notices styled for reading. */
const proseClass = [
  'prose-shop max-w-3xl',
  '[&_h2]:mt-8 [&_h2]:font-serif [&_h2]:text-2xl [&_h2]:font-bold',
  '[&_h3]:mt-6 [&_h3]:text-lg [&_h3]:font-semibold',
  '[&_a]:text-brand [&_a]:underline',
  '[&_ol]:list-decimal [&_ol]:ps-6 [&_li]:my-1',
  '[&_table]:my-4 [&_table]:w-full [&_table]:border-collapse [&_table]:bg-white',
  '[&_th]:border [&_th]:border-line [&_th]:p-2 [&_th]:text-left [&_td]:border [&_td]:border-line [&_td]:p-2',
  '[&_blockquote]:my-4 [&_blockquote]:border-l-4 [&_blockquote]:border-gold [&_blockquote]:bg-white [&_blockquote]:px-4 [&_blockquote]:py-1 [&_blockquote]:font-serif [&_blockquote]:italic',
  '[&_.notice]:my-4 [&_.notice]:rounded [&_.notice]:border-2 [&_.notice]:border-brand [&_.notice]:bg-white [&_.notice]:p-4',
  '[&_code]:rounded [&_code]:bg-white [&_code]:px-1 [&_img]:rounded',
].join(' ');

/** Renders HTML that is ours: content files rendered on the server, or blog bodies sanitised when stored. */
export function Prose({ html }: { html: string }) {
  return <div className={proseClass} dangerouslySetInnerHTML={{ __html: html }} />;
}
