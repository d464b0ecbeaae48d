import type { ReactNode } from 'react';
import Layout from '@theme/Layout';
import Heading from '@theme/Heading';
import Link from '@docusaurus/Link';
import Translate, { translate } from '@docusaurus/Translate';
import Entry from '../components/Entry';
import { labs } from '../data/labs';
import { projects } from '../data/projects';
import { useLocalized } from '../hooks/useLocalized';

export default function LabsPage(): ReactNode {
  const localize = useLocalized();
  return (
    <Layout
      title={translate({ id: 'labs.title', message: 'Labs', description: 'Title of the labs page' })}
      description={translate({
        id: 'labs.description',
        message: 'The research labs of the UAI Trustworthy Systems Centre and what each one works on.',
        description: 'Meta description of the labs page',
      })}
    >
      <main className="container margin-vert--lg">
        <Heading as="h1">
          <Translate id="labs.heading" description="Main heading of the labs page">
            Labs
          </Translate>
        </Heading>
        <p className="hero__subtitle">
          <Translate id="labs.intro" description="Introduction of the labs page">
            Each lab brings together faculty, engineers and students around one question about trustworthy systems. Labs
            share infrastructure and often run projects together.
          </Translate>
        </p>
        {labs.map((lab) => {
          const led = projects.filter((project) => project.labId === lab.id);
          return (
            <Entry
              key={lab.id}
              id={lab.id}
              name={lab.name}
              description={lab.description}
              focusAreas={lab.focusAreas}
              links={lab.links}
            >
              {led.length > 0 && (
                <p>
                  <Translate id="labs.projectsLed" description="Label before the list of projects a lab leads">
                    Projects led by this lab:
                  </Translate>{' '}
                  {led.map((project, index) => (
                    <span key={project.id}>
                      {index > 0 && ', '}
                      <Link to={`/projects#${project.id}`}>{localize(project.name)}</Link>
                    </span>
                  ))}
                </p>
              )}
            </Entry>
          );
        })}
      </main>
    </Layout>
  );
}
