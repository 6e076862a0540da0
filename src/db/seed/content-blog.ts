import type { BlogType } from '../../contracts/blog';

/** Demo blog posts of the association (written for the demo; the shop's staff replace them). */
export interface DemoPost {
  title: string;
  date: string;
  author: string;
  category: string;
  tags: string[];
  blog: BlogType;
  motif: string;
  variant: number;
  smDesc: string;
  desc: string;
  blockquote?: boolean;
  videoId?: string;
  slider?: { motif: string; variant: number }[];
}

export const demoPosts: DemoPost[] = [
  {
    title: 'Cum alegem o Biblie potrivită pentru fiecare membru al familiei',
    date: '2026-01-12T08:30:00Z',
    author: 'Daniel Popa',
    category: 'Biblii',
    tags: ['biblie', 'familie', 'traduceri'],
    blog: 'blog-grid',
    motif: 'bible',
    variant: 0,
    smDesc:
      'Traducere, mărimea literei, copertă, note de studiu: un ghid simplu pentru a alege Biblia care va fi citită zilnic, nu doar păstrată pe raft.',
    desc: `<p>Cea mai bună Biblie este cea care se citește. De aceea, înainte de a alege coperta, merită să ne întrebăm cine o va folosi și cum.</p>
<h2>Traducerea</h2>
<p>Pentru citirea de zi cu zi, traducerea Dumitru Cornilescu rămâne cea mai răspândită în bisericile evanghelice din România. Pentru studiu, o traducere mai nouă, cu limbaj actualizat, poate fi un bun însoțitor. Copiii se bucură de Biblii ilustrate, cu texte repovestite pe înțelesul lor.</p>
<h2>Mărimea literei și formatul</h2>
<ul><li>pentru bunici: ediții cu literă mare, pe hârtie mată, care nu obosește ochii;</li><li>pentru drum: formate de buzunar, cu copertă flexibilă;</li><li>pentru studiu: ediții cu trimiteri, hărți și concordanță.</li></ul>
<p>Dacă Biblia este un cadou, o gravură cu numele celui care o primește o face cu adevărat personală. În librărie găsiți la multe ediții opțiunea de personalizare.</p>`,
  },
  {
    title: 'Zece cărți creștine pe care să le citim în familie în această iarnă',
    date: '2026-01-26T09:00:00Z',
    author: 'Ana Mureșan',
    category: 'Cărți',
    tags: ['lectură', 'familie', 'copii'],
    blog: 'blog-grid',
    motif: 'book',
    variant: 1,
    smDesc:
      'Serile lungi de iarnă sunt un prilej bun pentru lectura împreună. Am adunat zece titluri iubite de cititorii noștri, pentru toate vârstele.',
    desc: `<p>Lectura în familie nu cere mult: o carte bună, o lampă și o jumătate de oră fără telefoane. Copiii care ascultă povești seară de seară învață să asculte și să pună întrebări.</p>
<p>Lista noastră pornește de la clasicele care au format generații de credincioși, precum „Călătoria creștinului” de John Bunyan, și ajunge la biografii de misionari care arată că Dumnezeu lucrează prin oameni obișnuiți.</p>
<blockquote><p>„O carte bună citită împreună leagă o familie mai strâns decât o zi întreagă petrecută în aceeași casă.”</p></blockquote>
<p>Pentru cei mici recomandăm Bibliile ilustrate și cărțile de rugăciuni pentru copii; pentru adolescenți, romanele cu teme de credință și alegere. Toate titlurile se găsesc în secțiunea de cărți a librăriei.</p>`,
  },
  {
    title: 'Un an de cazuri umanitare: ce am putut face împreună',
    date: '2026-02-09T10:00:00Z',
    author: 'Echipa Maranatha',
    category: 'Asociație',
    tags: ['caritate', 'cazuri umanitare', 'transparență'],
    blog: 'blog-grid',
    motif: 'hands',
    variant: 2,
    blockquote: true,
    smDesc:
      '„Nu vă lăsați de facerea binelui” – Galateni 6:9. Privim înapoi la anul care a trecut și la oamenii pe care cumpărăturile voastre i-au ajutat.',
    desc: `<p>Librăria este a unei asociații non-profit: profitul fiecărei comenzi merge la cazuri umanitare și la proiecte de misiune creștină. Anul trecut, datorită cititorilor noștri, am putut sprijini copii bolnavi, bătrâni fără adăpost, orfani, mame văduve și familii sărace.</p>
<blockquote><p>„Să nu obosim în facerea binelui; căci, dacă nu ne lăsăm, vom secera la vremea potrivită.” (Galateni 6:9)</p></blockquote>
<p>Fiecare caz este verificat de un coordonator al asociației, care păstrează legătura cu familia și cu medicii. Banii ajung direct la furnizori, spitale sau beneficiari, iar pe pagina fiecărui caz publicăm suma necesară și stadiul în care se află.</p>
<p>Mulțumim tuturor celor care au ales să cumpere de la noi. O carte cumpărată aici este și o mână întinsă cuiva.</p>`,
  },
  {
    title: 'Povestea traducerii Bibliei în limba română',
    date: '2026-02-23T08:00:00Z',
    author: 'Daniel Popa',
    category: 'Biblii',
    tags: ['biblie', 'istorie', 'traduceri'],
    blog: 'blog-grid',
    motif: 'book',
    variant: 3,
    smDesc:
      'De la Palia de la Orăștie la Biblia de la București și la traducerea Cornilescu: câteva repere dintr-o istorie de peste patru sute de ani.',
    desc: `<p>Primele cărți biblice tipărite în limba română au apărut în secolul al XVI-lea, prin tipăriturile diaconului Coresi și prin Palia de la Orăștie (1582), care cuprinde primele cărți ale Vechiului Testament.</p>
<p>Noul Testament de la Bălgrad (1648) și, mai ales, Biblia de la București (1688) au fixat o limbă literară comună pentru toate provinciile românești. Istoricii limbii consideră Biblia de la 1688 unul dintre textele fondatoare ale românei literare.</p>
<h2>Secolul XX</h2>
<p>În 1921 a apărut traducerea lui Dumitru Cornilescu, revizuită în 1924, care a devenit traducerea de referință a bisericilor evanghelice. Au urmat ediții sinodale ortodoxe și, în ultimele decenii, traduceri noi, fidele textelor originale și limbii de azi.</p>
<p>Fiecare dintre aceste ediții a fost lucrarea unor oameni care au crezut că Scriptura trebuie să ajungă la fiecare om, în limba lui.</p>`,
  },
  {
    title: 'Ziua voluntarilor la depozitul din Arad',
    date: '2026-03-10T12:00:00Z',
    author: 'Ana Mureșan',
    category: 'Asociație',
    tags: ['voluntariat', 'asociație'],
    blog: 'blog-grid',
    motif: 'people',
    variant: 4,
    slider: [
      { motif: 'people', variant: 4 },
      { motif: 'gift', variant: 5 },
      { motif: 'truck', variant: 6 },
    ],
    smDesc:
      'Treizeci de voluntari au împachetat într-o singură zi peste o mie de pachete cu cărți și alimente pentru familiile sprijinite de asociație.',
    desc: `<p>Într-o sâmbătă de martie, depozitul librăriei s-a umplut de oameni: tineri din bisericile din Arad, părinți cu copii și câțiva bunici care au venit „doar să vadă” și au rămas până seara.</p>
<p>Am pregătit pachete pentru familiile sprijinite de asociație: alimente de bază, produse de igienă și câte o carte pentru fiecare copil. Curierii au ridicat pachetele luni dimineață, iar în aceeași săptămână au ajuns la destinatari.</p>
<p>Mulțumim tuturor celor care au venit. Dacă doriți să ne ajutați la următoarea zi de voluntariat, scrieți-ne din pagina de contact.</p>`,
  },
  {
    title: 'Cum se personalizează o Biblie prin gravură',
    date: '2026-03-24T09:30:00Z',
    author: 'Marius Ilie',
    category: 'Biblii',
    tags: ['biblie', 'cadouri', 'personalizare'],
    blog: 'blog-grid',
    motif: 'bible',
    variant: 5,
    videoId: 'DemoVideo01',
    smDesc:
      'De la comanda online la gravura pe copertă: vă arătăm, într-un scurt film, cum lucrăm o Biblie personalizată în atelierul librăriei.',
    desc: `<p>O Biblie cu numele celui care o primește este un cadou potrivit la botez, la nuntă sau la absolvire. În coș, la produsele care pot fi personalizate, completați textul dorit; costul gravurii se adaugă la prețul produsului.</p>
<h2>Ce se poate grava</h2>
<ul><li>un nume sau două (de exemplu, numele mirilor);</li><li>o dată importantă;</li><li>un scurt verset, pe copertele care au spațiu suficient.</li></ul>
<p>Gravura se face în atelierul nostru, după confirmarea comenzii. Produsele personalizate sunt realizate special pentru dumneavoastră, de aceea nu pot fi returnate, conform legii.</p>
<p>Filmul alăturat arată pașii, de la pregătirea copertei până la ambalare.</p>`,
  },
  {
    title: 'Rugăciunea în familie: câteva sfaturi pentru părinți',
    date: '2026-04-07T07:45:00Z',
    author: 'Elena Pop',
    category: 'Familie',
    tags: ['rugăciune', 'familie', 'copii'],
    blog: 'blog-grid',
    motif: 'candle',
    variant: 6,
    blockquote: true,
    smDesc:
      '„Învață pe copil calea pe care trebuie s-o urmeze” – Proverbe 22:6. Gânduri practice despre rugăciunea de seară cu cei mici.',
    desc: `<p>Rugăciunea în familie nu trebuie să fie lungă sau solemnă. Copiii învață mai mult din felul în care părinții vorbesc cu Dumnezeu decât din orice lecție.</p>
<blockquote><p>„Învață pe copil calea pe care trebuie s-o urmeze, și când va îmbătrâni, nu se va abate de la ea.” (Proverbe 22:6)</p></blockquote>
<ul><li>alegeți un moment fix, de exemplu după cină;</li><li>lăsați fiecare copil să spună un lucru pentru care mulțumește;</li><li>citiți împreună un pasaj scurt dintr-o Biblie pentru copii.</li></ul>
<p>Cărțile de rugăciuni pentru copii și devoționalele pentru familie din librărie pot fi un bun punct de plecare.</p>`,
  },
  {
    title: 'Cărți pentru copii care îi învață recunoștința',
    date: '2026-04-21T10:15:00Z',
    author: 'Elena Pop',
    category: 'Cărți',
    tags: ['copii', 'lectură', 'cadouri'],
    blog: 'blog-grid',
    motif: 'child',
    variant: 7,
    smDesc:
      'Povești scurte, ilustrații calde și întrebări la final: cum alegem cărțile care îi ajută pe copii să vadă binele din jurul lor.',
    desc: `<p>Recunoștința se învață. O poveste bună îi arată copilului că darurile de fiecare zi – familia, prietenii, pâinea de pe masă – nu sunt de la sine înțelese.</p>
<p>Când alegeți o carte pentru copii, uitați-vă la vârsta recomandată, la mărimea textului și la ilustrații. Cărțile cu întrebări la sfârșitul fiecărui capitol deschid discuții frumoase între părinți și copii.</p>
<p>În secțiunea pentru copii a librăriei găsiți Biblii ilustrate, povestiri biblice, cărți de colorat și jocuri educative.</p>`,
  },
  {
    title: 'Livrare în străinătate: cum ajung cărțile la românii din diaspora',
    date: '2026-05-05T08:00:00Z',
    author: 'Marius Ilie',
    category: 'Asociație',
    tags: ['livrare', 'diaspora'],
    blog: 'blog-grid',
    motif: 'globe',
    variant: 0,
    smDesc:
      'Trimitem cărți în peste douăzeci de țări europene prin GLS, Poșta Română și agențiile de transport. Iată cum alegeți varianta potrivită.',
    desc: `<p>Mulți dintre cititorii noștri locuiesc în Spania, Italia, Germania sau Marea Britanie și vor cărți creștine în limba română pentru ei și pentru copiii lor.</p>
<h2>Variantele de livrare</h2>
<ul><li>GLS internațional, cu livrare la domiciliu în câteva zile lucrătoare, plătit integral în avans;</li><li>Poșta Română internațional, inclusiv pentru țările în care GLS nu livrează;</li><li>agențiile de transport Tabita Tour și Tarsin, cu ridicare de la agenție.</li></ul>
<p>Costul transportului apare în coș, la metodele de livrare, după ce alegeți țara. Detaliile fiecărei variante sunt în paginile de livrare din subsolul site-ului.</p>`,
  },
  {
    title: 'Ce înseamnă să cumperi cu un scop',
    date: '2026-05-19T09:00:00Z',
    author: 'Echipa Maranatha',
    category: 'Asociație',
    tags: ['caritate', 'asociație'],
    blog: 'blog-postbox',
    motif: 'heart',
    variant: 1,
    smDesc:
      'Librăria nu are acționari: profitul merge la oameni în nevoie. Câteva răspunsuri la întrebările pe care ni le puneți cel mai des.',
    desc: `<p>Suntem o asociație non-profit. Librăria acoperă din vânzări salariile, transportul și depozitul, iar ce rămâne merge la cazuri umanitare și la proiecte de misiune.</p>
<p>La finalizarea comenzii puteți adăuga, dacă doriți, și o donație pentru cazul umanitar prezentat. Donația apare separat pe comandă și ajunge integral la caz.</p>
<p>Pe pagina de cazuri umanitare publicăm pentru fiecare caz suma necesară, zilele rămase și persoana care îl coordonează.</p>`,
  },
  {
    title: 'Pregătiri de Paște: cărți și cadouri cu înțeles',
    date: '2026-03-31T11:00:00Z',
    author: 'Ana Mureșan',
    category: 'Familie',
    tags: ['cadouri', 'sărbători'],
    blog: 'blog-postbox',
    motif: 'gift',
    variant: 2,
    videoId: 'DemoVideo02',
    smDesc:
      'Un cadou de Paște poate vorbi despre speranță: Biblii, devoționale, felicitări și obiecte decorative alese cu grijă.',
    desc: `<p>Sărbătoarea Învierii este prilejul potrivit pentru un dar care rămâne. O carte despre speranță sau o Biblie frumos legată spun mai mult decât un obiect oarecare.</p>
<p>Pentru a primi comanda înainte de sărbători, vă recomandăm să comandați cu cel puțin o săptămână înainte; în perioada sărbătorilor, curierii au mai multe colete.</p>
<p>În filmul alăturat vă prezentăm câteva dintre noutățile din această primăvară.</p>`,
  },
  {
    title: 'Misiune în satele din Munții Apuseni',
    date: '2026-06-02T07:30:00Z',
    author: 'Daniel Popa',
    category: 'Misiune',
    tags: ['misiune', 'voluntariat', 'copii'],
    blog: 'blog-postbox',
    motif: 'church',
    variant: 3,
    slider: [
      { motif: 'church', variant: 3 },
      { motif: 'child', variant: 4 },
      { motif: 'book', variant: 5 },
    ],
    smDesc:
      'O săptămână de tabără biblică pentru copii, pachete pentru bătrânii singuri și o bibliotecă nouă într-o școală de sat.',
    desc: `<p>În fiecare vară, asociația sprijină echipe de misiune care merg în satele izolate din Munții Apuseni. Anul acesta am ajuns în cinci sate, unde am organizat o tabără biblică pentru copii.</p>
<p>Am dus pachete pentru bătrânii care trăiesc singuri și am donat o bibliotecă de peste trei sute de cărți școlii dintr-un sat de pe valea Arieșului.</p>
<p>Cărțile au fost cumpărate din profitul librăriei și din donațiile cititorilor. Vă mulțumim!</p>`,
  },
];
