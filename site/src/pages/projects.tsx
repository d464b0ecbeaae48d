import type { ReactNode } from 'react';
import Layout from '@theme/Layout';
import Heading from '@theme/Heading';
import Link from '@docusaurus/Link';
import Translate, { translate } from '@docusaurus/Translate';
import Entry from '../components/Entry';
import { labs } from '../data/labs';
import { projects } from '../data/projects';
import type { ProjectStatus } from '../data/types';
import { useLocalized } from '../hooks/useLocalized';

function statusLabel(status: ProjectStatus): string {
  return status === 'active'
    ? translate({ id: 'projects.status.active', message: 'Active', description: 'Status badge of a running project' })
    : translate({
        id: 'projects.status.completed',
        message: 'Completed',
        description: 'Status badge of a finished project',
      });
}

export default function ProjectsPage(): ReactNode {
  const localize = useLocalized();
  const ordered = [...projects].sort((a, b) => (a.status === b.status ? 0 : a.status === 'active' ? -1 : 1));
  return (
    <Layout
      title={translate({ id: 'projects.title', message: 'Projects', description: 'Title of the projects page' })}
      description={translate({
        id: 'projects.description',
        message: 'Research and engineering projects of the UAI Trustworthy Systems Centre, active and completed.',
        description: 'Meta description of the projects page',
      })}
    >
      <main className="container margin-vert--lg">
        <Heading as="h1">
          <Translate id="projects.heading" description="Main heading of the projects page">
            Projects
          </Translate>
        </Heading>
        <p className="hero__subtitle">
          <Translate id="projects.intro" description="Introduction of the projects page">
            Our projects turn research into systems that people can rely on. Active projects come first, then completed
            ones, each with its period and the lab in charge.
          </Translate>
        </p>
        {ordered.map((project) => {
          const lab = labs.find((candidate) => candidate.id === project.labId);
          return (
            <Entry
              key={project.id}
              id={project.id}
              name={project.name}
              description={project.description}
              focusAreas={project.focusAreas}
              links={project.links}
              badge={<span className={`status status--${project.status}`}>{statusLabel(project.status)}</span>}
              meta={
                <>
                  {project.period}
                  {lab && (
                    <>
                      {' · '}
                      <Link to={`/labs#${lab.id}`}>{localize(lab.name)}</Link>
                    </>
                  )}
                </>
              }
            />
          );
        })}
      </main>
    </Layout>
  );
}
