import type { ReactNode } from 'react';
import Layout from '@theme/Layout';
import Heading from '@theme/Heading';
import Link from '@docusaurus/Link';
import Translate, { translate } from '@docusaurus/Translate';
import { labs } from '../data/labs';
import { useLocalized } from '../hooks/useLocalized';
import { useSiteIdentity } from '../hooks/useSiteIdentity';

interface WayIn {
  to: string;
  title: string;
  body: string;
}

function useWaysIn(): WayIn[] {
  return [
    {
      to: '/labs',
      title: translate({
        id: 'home.waysIn.labs.title',
        message: 'Labs',
        description: 'Home card title leading to the labs page',
      }),
      body: translate({
        id: 'home.waysIn.labs.body',
        message: 'Meet the labs of the centre, the questions they study and the projects they lead.',
        description: 'Home card text leading to the labs page',
      }),
    },
    {
      to: '/projects',
      title: translate({
        id: 'home.waysIn.projects.title',
        message: 'Projects',
        description: 'Home card title leading to the projects page',
      }),
      body: translate({
        id: 'home.waysIn.projects.body',
        message: 'See the projects under way now and those already completed.',
        description: 'Home card text leading to the projects page',
      }),
    },
    {
      to: '/blog',
      title: translate({
        id: 'home.waysIn.blog.title',
        message: 'Blog',
        description: 'Home card title leading to the blog',
      }),
      body: translate({
        id: 'home.waysIn.blog.body',
        message:
          'Read our articles on cybersecurity and public policy in Chile, written in Spanish; each post lists the sources it rests on.',
        description: 'Home card text leading to the blog',
      }),
    },
    {
      to: '/docs/category/intrusion-sentinel',
      title: translate({
        id: 'home.waysIn.docs.title',
        message: 'Documentation',
        description: 'Home card title leading to the documentation',
      }),
      body: translate({
        id: 'home.waysIn.docs.body',
        message: 'Install and operate Intrusion Sentinel. Reserved for members of the university and invited readers.',
        description: 'Home card text leading to the documentation',
      }),
    },
  ];
}

export default function Home(): ReactNode {
  const identity = useSiteIdentity();
  const localize = useLocalized();
  const waysIn = useWaysIn();
  return (
    <Layout
      title={translate({ id: 'home.title', message: 'Home', description: 'Title of the home page' })}
      description={translate({
        id: 'home.description',
        message:
          'The UAI Trustworthy Systems Centre researches and builds responsible, resilient and reliable systems at Universidad Adolfo Ibáñez, Chile.',
        description: 'Meta description of the home page',
      })}
    >
      <main>
        <header className="hero hero--centre">
          <div className="container">
            <Heading as="h1" className="hero__title">
              <Translate id="home.hero.title" description="Centre name in the home page banner">
                UAI Trustworthy Systems Centre
              </Translate>
            </Heading>
            <p className="hero__subtitle">
              <Translate id="home.hero.tagline" description="Tagline in the home page banner">
                Responsible, resilient and reliable systems
              </Translate>
            </p>
            <p>
              <Translate
                id="home.hero.intro"
                description="Introduction under the tagline on the home page"
                values={{ university: identity.university, country: identity.country }}
              >
                {
                  'We are a research centre of {university}, {country}. We study how to build software and networks that people can trust, and we build such systems.'
                }
              </Translate>
            </p>
            <div className="margin-top--lg hero__actions">
              <Link className="button button--secondary button--lg" to="/labs">
                <Translate id="home.hero.cta.labs" description="Primary button of the home banner">
                  Explore our labs
                </Translate>
              </Link>
              <Link className="button button--outline button--lg" to="/projects">
                <Translate id="home.hero.cta.projects" description="Secondary button of the home banner">
                  See our projects
                </Translate>
              </Link>
            </div>
          </div>
        </header>
        <section className="section" aria-labelledby="home-work">
          <div className="container">
            <Heading as="h2" id="home-work">
              <Translate id="home.work.heading" description="Heading of the research areas section">
                What we work on
              </Translate>
            </Heading>
            <p>
              <Translate id="home.work.intro" description="Introduction of the research areas section">
                {
                  'Trustworthy systems are responsible in how they treat people and data, resilient when things go wrong, and reliable every day. Our labs approach that goal from different sides, through the projects they lead.'
                }
              </Translate>
            </p>
            <ul className="card-grid">
              {labs.map((lab) => (
                <li key={lab.id}>
                  <div className="info-card">
                    <Heading as="h3">{localize(lab.name)}</Heading>
                    <p>{localize(lab.summary)}</p>
                    <Link
                      to={`/labs#${lab.id}`}
                      aria-label={`${translate({ id: 'home.work.more', message: 'More about this lab', description: 'Link from a research area card to its lab' })}: ${localize(lab.name)}`}
                    >
                      <Translate id="home.work.more" description="Link from a research area card to its lab">
                        More about this lab
                      </Translate>
                    </Link>
                  </div>
                </li>
              ))}
            </ul>
          </div>
        </section>
        <section className="section section--alt" aria-labelledby="home-ways-in">
          <div className="container">
            <Heading as="h2" id="home-ways-in">
              <Translate
                id="home.waysIn.heading"
                description="Heading of the section with links to the main areas of the site"
              >
                Find your way in
              </Translate>
            </Heading>
            <ul className="card-grid">
              {waysIn.map((way) => (
                <li key={way.to}>
                  <Link to={way.to} className="info-card" style={{ color: 'inherit' }}>
                    <Heading as="h3">{way.title}</Heading>
                    <p>{way.body}</p>
                  </Link>
                </li>
              ))}
            </ul>
          </div>
        </section>
        <section className="section" aria-labelledby="home-contact">
          <div className="container">
            <Heading as="h2" id="home-contact">
              <Translate id="home.contact.heading" description="Heading of the contact section of the home page">
                Work with us
              </Translate>
            </Heading>
            <p>
              <Translate
                id="home.contact.body"
                description="Text of the contact section of the home page"
                values={{ email: <Link href={`mailto:${identity.contactEmail}`}>{identity.contactEmail}</Link> }}
              >
                {
                  'Students looking for a thesis topic, organisations with a problem worth studying and researchers who want to collaborate can write to {email}. We answer within a week.'
                }
              </Translate>
            </p>
          </div>
        </section>
      </main>
    </Layout>
  );
}
