// A deployment description
local replicas = 3;
local image(name, tag='latest') = 'registry.example.com/%s:%s' % [name, tag];

{
  apiVersion: 'apps/v1',
  kind: 'Deployment',
  spec: {
    replicas: replicas,
    template: {
      containers: [
        { name: 'web', image: image('web', '1.2'), ports: [{ containerPort: 8080 }] },
      ],
    },
  },
  enabled:: true,
}
